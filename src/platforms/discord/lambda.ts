/**
 * The interactions endpoint as a Lambda Function URL with response streaming (`InvokeMode:
 * RESPONSE_STREAM`; anchors-ecosystem.md §2.6): the acknowledgement is written and the stream
 * ended — Discord has its answer — and only then does the handler run the interaction's work; the
 * invocation lasts until that work is done. One function, no hand-off queue, no second cold start.
 * `awslambda` is the global the Node.js runtime provides for streaming handlers.
 */
import type { DiscordIngress } from './ingress.ts';

/** A Function URL event, as much of it as the endpoint reads. */
export interface UrlEvent {
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
}

/** The writable side of a streamed response. */
export interface ResponseStream {
  write(chunk: string): unknown;
  end(): unknown;
}

/** The runtime's streaming helpers (global `awslambda` in the Lambda Node.js runtime). */
export interface StreamingRuntime {
  streamifyResponse<H>(handler: H): H;
  HttpResponseStream: { from(stream: ResponseStream, prelude: { statusCode: number; headers: Record<string, string> }): ResponseStream };
}

export type StreamingHandler = (event: UrlEvent, stream: ResponseStream) => Promise<void>;

/** Returns the streaming handler of `ingress`, registered with the runtime's `streamifyResponse`. */
export function streamingHandler(ingress: DiscordIngress, runtime: StreamingRuntime | undefined = (globalThis as { awslambda?: StreamingRuntime }).awslambda): StreamingHandler {
  if (runtime === undefined) throw new Error('the Discord endpoint needs the Lambda runtime\'s response streaming (global awslambda)');
  return runtime.streamifyResponse<StreamingHandler>(async (event, responseStream) => {
    const body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
    const answer = ingress({ headers: event.headers ?? {}, body });
    const type = answer.status === 200 ? 'application/json' : 'text/plain; charset=utf-8';
    const stream = runtime.HttpResponseStream.from(responseStream, { statusCode: answer.status, headers: { 'content-type': type } });
    stream.write(answer.body);
    stream.end();
    await answer.after?.();
  });
}
