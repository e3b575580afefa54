/**
 * An undici Agent that keeps a copy of every response body it delivers, so a test can check the exact bytes
 * the client received (the client itself hands back only `data`). Also proves `dispatcher` injection works.
 */
import { Agent, DecoratorHandler, type Dispatcher } from 'undici';

export interface RecordedResponse {
  method: string;
  /** the request path without its query */
  path: string;
  statusCode: number;
  body: string;
}

type Handler = Required<
  Pick<Dispatcher.DispatchHandler, 'onRequestStart' | 'onRequestUpgrade' | 'onResponseStart' | 'onResponseData' | 'onResponseEnd' | 'onResponseError'>
>;

export interface RecordingDispatcher {
  dispatcher: Dispatcher;
  responses: RecordedResponse[];
  close(): Promise<void>;
}

export function recordingDispatcher(): RecordingDispatcher {
  const agent = new Agent();
  const responses: RecordedResponse[] = [];
  const record =
    (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    (options, handler) => {
      // DecoratorHandler turns whatever handler style `request` uses into the controller-style callbacks below
      const inner = new DecoratorHandler(handler) as unknown as Handler;
      const chunks: Buffer[] = [];
      let statusCode = 0;
      const recording: Dispatcher.DispatchHandler = {
        onRequestStart: (controller, context) => inner.onRequestStart(controller, context),
        onRequestUpgrade: (controller, status, headers, socket) => inner.onRequestUpgrade(controller, status, headers, socket),
        onResponseStart: (controller, status, headers, message) => {
          statusCode = status;
          return inner.onResponseStart(controller, status, headers, message);
        },
        onResponseData: (controller, chunk) => {
          chunks.push(chunk);
          return inner.onResponseData(controller, chunk);
        },
        onResponseEnd: (controller, trailers) => {
          const path = String(options.path).split('?')[0] ?? '';
          responses.push({ method: String(options.method), path, statusCode, body: Buffer.concat(chunks).toString('utf8') });
          return inner.onResponseEnd(controller, trailers);
        },
        onResponseError: (controller, error) => inner.onResponseError(controller, error),
      };
      return dispatch(options, recording);
    };
  return { dispatcher: agent.compose(record), responses, close: () => agent.close() };
}
