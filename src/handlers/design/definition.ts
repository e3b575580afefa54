/**
 * The design-patent image search as a workflow: from a link it submits at once (AI39-1); without one it waits
 * for the image uploaded to the thread (step `image`, confirmed by the upload itself, see upload.ts), then
 * submits it at the bot's unguessable URL. Step `report` polls AI39-2 and shows the line drawing and the risks.
 */
import { UnexpectedResponseError } from '../../platform/errors.js';
import type { Translate } from '../../i18n/index.js';
import type { DataOf, RequestOf } from '../../platform/operations.js';
import { defineSend, defineStep, flowOf, type StepContext, type Transition, type WorkflowData, type WorkflowDefinition } from '../workflow/index.js';
import { MAX_IMAGE_BYTES } from './image.js';
import { postLineDrawing, reportMessage } from './report.js';
import { z, type ZodType } from 'zod';

/** The upload step (only when no link was given), then the report. */
export type DesignStep = 'image' | 'report';

export interface DesignData extends WorkflowData {
  countries: string[];
  lang: 'en' | 'cn';
  loc?: string[];
  field?: string;
  from?: string;
  /** how many similar designs the report shows first (`--top`) */
  top?: number;
  /** the starter let anyone in the channel confirm the steps and upload the image (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
  /** the link the platform was given */
  url?: string;
  /** the shelf token of an uploaded image, withdrawn once the task has it, fails or is cancelled */
  upload?: string;
  /** the image step is open again: the upload was withdrawn when a step failed, and Retry asks for it anew */
  reupload?: boolean;
}

/** What the upload confirms: the image's URL on the bot and its shelf token. */
export interface OfferedImage {
  url: string;
  token: string;
}

export const offeredImageSchema: ZodType<OfferedImage> = z.looseObject({ url: z.string(), token: z.string() });

const designData: ZodType<DesignData> = z.looseObject({
  countries: z.array(z.string()),
  lang: z.enum(['en', 'cn']),
  loc: z.array(z.string()).optional(),
  field: z.string().optional(),
  from: z.string().optional(),
  top: z.number().int().positive().optional(),
  othersMayConfirm: z.boolean().optional(),
  url: z.string().optional(),
  upload: z.string().optional(),
  reupload: z.boolean().optional(),
});

type DesignContext = StepContext<DesignData>;

export function submitRequest(data: DesignData, url: string): RequestOf<'AI39-1'> {
  return {
    url,
    country: data.countries,
    lang: data.lang,
    ...(data.loc ? { loc_items: data.loc } : {}),
    ...(data.field ? { main_field: data.field } : {}),
    ...(data.from ? { apply_start_time: data.from } : {}),
  };
}

/** An upload withdrawn when a step failed (or expired): Retry opens the upload step again instead of sending a dead link. */
const UPLOAD_AGAIN = { next: 'image', data: { url: undefined, upload: undefined, reupload: true } } as const;

async function submit(sc: DesignContext, url: string, upload?: string): Promise<Transition<DesignData, DesignStep>> {
  if (upload && sc.ctx.uploads && !(await sc.ctx.uploads.has(upload))) return UPLOAD_AGAIN;
  const created = await sc.ctx.platform.call('AI39-1', submitRequest(sc.data, url));
  if (!created.task_id) throw new UnexpectedResponseError({ operation: 'AI39-1' }, 'no task_id in the answer');
  return { next: 'report', ids: { task_id: created.task_id }, data: { url, ...(upload ? { upload } : {}) } };
}

const fromLink = defineSend<DesignData, DesignStep>({
  operation: 'AI39-1',
  label: (t) => t('design:submitting'),
  run: (sc) => submit(sc, sc.data.url!, sc.data.upload),
});

/**
 * How to hand the bot the image. Where the bot is addressed by mention (Teams), a channel or group-chat message
 * without one never reaches it, so the image must come with the mention; the 1:1 chat needs none.
 */
export function uploadInstruction(invocation: string, t: Translate): string {
  const mention = invocation.trim();
  if (!mention.startsWith('@')) return t('design:upload.instruction');
  return t('design:upload.instructionMention', { mention });
}

/** Opens the thread's upload step; nothing goes to the platform until the image is there. */
const awaitUpload = defineSend<DesignData, DesignStep>({
  operation: 'AI39-1',
  label: (t) => t('design:upload.opening'),
  run: async () => ({ next: 'image' }),
});

const imageStep = defineStep<DesignData, undefined, OfferedImage, DesignStep>({
  stores: offeredImageSchema,
  review: {
    title: (t) => t('design:upload.title'),
    render: (_result, _draft, sc) => {
      const { t } = sc.ctx;
      return [
        {
          type: 'markdown',
          text: t('design:upload.body', {
            again: sc.data.reupload ? t('design:upload.again') : '',
            instruction: uploadInstruction(sc.ctx.messenger.invocation, t),
            max: MAX_IMAGE_BYTES / (1024 * 1024),
          }),
        },
      ];
    },
    confirm: {
      input: (_result, draft) => draft!,
      send: {
        operation: 'AI39-1',
        label: (t) => t('design:upload.sending'),
        run: (sc, image) => submit(sc, image.url, image.token),
      },
    },
  },
});

const reportStep = defineStep<DesignData, DataOf<'AI39-2'>, never, DesignStep>({
  poll: {
    operation: 'AI39-2',
    label: (t) => t('design:searching'),
    read: (sc, signal) => sc.ctx.platform.call('AI39-2', { task_id: sc.ids.task_id! }, { signal }),
    deadlineMs: 20 * 60_000,
  },
  async proceed(result, sc) {
    await sc.ctx.uploads?.withdraw(sc.data.upload);
    const drawing = await postLineDrawing(sc.ctx, sc.thread, result);
    return { done: reportMessage(result, sc.record.startedBy, drawing, sc.ctx.t, { loc: sc.data.loc, top: sc.data.top }) };
  },
});

export const DESIGN: WorkflowDefinition<DesignData, DesignStep> = {
  name: 'design',
  noun: (t) => t('design:noun'),
  data: designData,
  steps: { image: imageStep, report: reportStep },
  starts: { link: { step: 'report', send: fromLink }, upload: { step: 'image', send: awaitUpload } },
  // the image is the platform's once the search is done; after a failure or a cancel nobody needs it
  async onOutcome(sc) {
    const offered = offeredImageSchema.safeParse(flowOf(sc.record).pending?.input);
    for (const token of new Set([sc.data.upload, offered.success ? offered.data.token : undefined])) await sc.ctx.uploads?.withdraw(token);
  },
};
