/**
 * The Callback API endpoint as a Lambda Function URL with response streaming (`InvokeMode:
 * RESPONSE_STREAM`), as Discord's: `ok` is written and the stream ended — VK has its answer within
 * its few seconds, cold start or not — and only then does the handler run the event's work; the
 * invocation lasts until that work is done. `awslambda` is the global the Node.js runtime provides.
 */
import type { VkCallback } from './callback.ts';

export interface UrlEvent {
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
}

export interface ResponseStream {
  write(chunk: string): unknown;
  end(): unknown;
}

export interface StreamingRuntime {
  streamifyResponse<H>(handler: H): H;
  HttpResponseStream: { from(stream: ResponseStream, prelude: { statusCode: number; headers: Record<string, string> }): ResponseStream };
}

export type StreamingHandler = (event: UrlEvent, stream: ResponseStream) => Promise<void>;

/** Returns the streaming handler of `callback`, registered with the runtime's `streamifyResponse`. */
export function streamingCallback(callback: VkCallback, runtime: StreamingRuntime | undefined = (globalThis as { awslambda?: StreamingRuntime }).awslambda): StreamingHandler {
  if (runtime === undefined) throw new Error('the VK endpoint needs the Lambda runtime\'s response streaming (global awslambda)');
  return runtime.streamifyResponse<StreamingHandler>(async (event, responseStream) => {
    const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
    const answer = callback({ headers: event.headers ?? {}, body });
    const stream = runtime.HttpResponseStream.from(responseStream, { statusCode: answer.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    stream.write(answer.body);
    stream.end();
    await answer.after?.();
  });
}
