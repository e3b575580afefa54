/**
 * Puts the stream fields back into the `streaminfo` entity on the wire. botframework-connector serializes an
 * activity's entities with its `Entity` model (type, text, mentioned), so `streamId`, `streamType` and
 * `streamSequence` would leave as `{type:"streaminfo"}` alone; Teams reads them from that entity (Microsoft's
 * streaming documentation), older clients from `channelData`, so the bot sends both. The policy runs after the
 * client serialized the body (a pipeline policy without a phase) and only rewrites bodies holding such an entity.
 */

/** The part of @azure/core-rest-pipeline's request a policy sees. */
interface PipelineRequestLike {
  body?: unknown;
}

export interface PipelinePolicyLike {
  name: string;
  sendRequest(request: PipelineRequestLike, next: (request: PipelineRequestLike) => Promise<unknown>): Promise<unknown>;
}

const STREAM_FIELDS = ['streamId', 'streamType', 'streamSequence'] as const;
type Json = Record<string, unknown>;

/** The body with each `streaminfo` entity given the stream fields of `channelData`; the same string when there is nothing to add. */
export function withStreamEntityFields(body: string): string {
  if (!body.includes('"streaminfo"')) return body;
  let activity: Json;
  try {
    activity = JSON.parse(body) as Json;
  } catch {
    return body;
  }
  const channelData = (activity.channelData ?? {}) as Json;
  const fields = Object.fromEntries(STREAM_FIELDS.filter((field) => channelData[field] !== undefined).map((field) => [field, channelData[field]]));
  if (!Array.isArray(activity.entities) || Object.keys(fields).length === 0) return body;
  activity.entities = (activity.entities as Json[]).map((entity) => (entity?.type === 'streaminfo' ? { ...fields, ...entity } : entity));
  return JSON.stringify(activity);
}

export const STREAM_ENTITY_POLICY = 'iipStreamEntityFields';

export const streamEntityPolicy: PipelinePolicyLike = {
  name: STREAM_ENTITY_POLICY,
  sendRequest(request, next) {
    if (typeof request.body === 'string') request.body = withStreamEntityFields(request.body);
    return next(request);
  },
};
