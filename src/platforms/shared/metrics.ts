/**
 * The app's `Metrics` port in CloudWatch's embedded metric format (EMF): each flush writes one JSON
 * line per dimension set, which CloudWatch Logs turns into metrics of the namespace — no API call,
 * no extra latency, nothing to grant. The lines are made by Powertools for AWS Lambda's `Metrics`
 * (its serializer: the EMF envelope, validation, the `service` dimension) and written where the
 * process says: raw on stdout when deployed (one log event each, without the runtime's prefix, as
 * Powertools itself writes them), `npm start`'s log sink locally, a test's array.
 * The names, units and dimensions the alarms and the dashboard use: docs/operate.md, serverless.yml.
 */
import { Metrics as Powertools, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Metrics } from '../../app/index.ts';
import { noteGame } from './observe.ts';

/** The port, and `flush` to write what was gathered (at the end of each unit of work). */
export interface EmfMetrics extends Metrics {
  flush(): void;
}

export interface EmfOptions {
  /** Where each line goes; default stdout, raw. */
  readonly write?: (line: string) => void;
  /** The CloudWatch namespace; default POWERTOOLS_METRICS_NAMESPACE, else `nardy`. */
  readonly namespace?: string;
  /** The `service` dimension of every metric; default POWERTOOLS_SERVICE_NAME, else `nardy`. */
  readonly service?: string;
}

/** Returns metrics written as EMF lines by `flush`. */
export function emfMetrics(options: EmfOptions = {}): EmfMetrics {
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const namespace = options.namespace ?? process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'nardy';
  const serviceName = options.service ?? process.env.POWERTOOLS_SERVICE_NAME ?? 'nardy';
  // One Powertools instance per dimension set: an EMF line has one set of dimensions.
  const sets = new Map<string, Powertools>();
  const setOf = (dimensions: Readonly<Record<string, string>> = {}) => {
    const key = JSON.stringify(Object.entries(dimensions).sort());
    let set = sets.get(key);
    if (set === undefined) sets.set(key, (set = new Powertools({ namespace, serviceName, defaultDimensions: { ...dimensions } })));
    return set;
  };
  return {
    count: (name, value = 1, dimensions) => void setOf(dimensions).addMetric(name, MetricUnit.Count, value),
    time: (name, ms, dimensions) => void setOf(dimensions).addMetric(name, MetricUnit.Milliseconds, ms),
    about: noteGame,
    flush: () => {
      for (const set of sets.values()) {
        if (!set.hasStoredMetrics()) continue;
        const line = JSON.stringify(set.serializeMetrics());
        set.clearMetrics();
        write(line);
      }
    },
  };
}
