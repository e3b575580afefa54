/**
 * A turn of the message action (./message-action.ts): first whether the bot is in the conversation at all. A
 * message action works wherever the user has the app, also on a message in a chat or team the bot was never
 * added to; there the bot may not read on nor answer (Teams refuses its roster lookup and any post with 403
 * BotNotInConversationRoster, Microsoft's documented check and samples), so the dialog says why and nothing is
 * sent. Then the dialog (fetchTask), or the command its submission composes, handed on (submitAction).
 */
import { TeamsInfo, type TurnContext } from 'botbuilder';
import type { Incoming } from '../../core/incoming.js';
import { defaultLanguage, languageOf, translatorFor, type Translate } from '../../i18n/index.js';
import type { UserLanguageOf } from '../../core/language.js';
import type { Logger } from '../../log.js';
import { placeOf, TeamsActivity, userOf } from './incoming/payloads.js';
import { FETCH_TASK_INVOKE, fetchTaskResponse, submitActionIncoming } from './message-action.js';

/** Why the bot cannot act in the turn's conversation, or undefined when it is in it. */
async function notHere(context: TurnContext, logger: Logger, t: Translate): Promise<string | undefined> {
  try {
    await TeamsInfo.getMember(context, context.activity.from.id);
    return undefined;
  } catch (error) {
    const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; statusCode?: unknown };
    const body = (error as { body?: { error?: { code?: unknown } } } | undefined)?.body?.error?.code;
    if (code === 'BotNotInConversationRoster' || body === 'BotNotInConversationRoster' || statusCode === 403) return t('teams:action.notInstalled');
    logger.warn({ err: error }, 'Teams: the message action could not check the conversation roster');
    return t('teams:action.unchecked');
  }
}

const messageTask = (text: string) => ({ task: { type: 'message', value: text } });

/** Answers a fetchTask or submitAction invoke; a submission's command goes to `onIncoming` before the answer. */
export async function answerMessageAction(
  context: TurnContext,
  onIncoming: ((incoming: Incoming) => Promise<void>) | undefined,
  logger: Logger,
  userLanguage?: UserLanguageOf,
): Promise<void> {
  // the dialog and its refusals speak the user's language as the bot does: their `/iip lang` choice, else the client's
  const { locale } = context.activity;
  const parsed = TeamsActivity.safeParse(context.activity);
  const who = parsed.success ? { workspace: placeOf(parsed.data).tenant, user: userOf(parsed.data).id } : undefined;
  const chosen =
    who && userLanguage
      ? await userLanguage(who.workspace, who.user, locale).catch((error: unknown) => {
          logger.warn({ err: error }, "Teams: the message action could not read the user's language; the client's is used");
          return undefined;
        })
      : undefined;
  const lang = chosen ?? languageOf(locale) ?? defaultLanguage();
  return answer(context, onIncoming, logger, translatorFor(lang));
}

async function answer(
  context: TurnContext,
  onIncoming: ((incoming: Incoming) => Promise<void>) | undefined,
  logger: Logger,
  t: Translate,
): Promise<void> {
  const { activity } = context;
  const why = await notHere(context, logger, t);
  let body: unknown;
  if (why) {
    logger.info({ conversation: activity.conversation?.conversationType }, 'Teams: a message action where the bot is not: refused');
    body = messageTask(why);
  } else if (activity.name === FETCH_TASK_INVOKE) body = fetchTaskResponse(activity, t);
  else {
    const submitted = submitActionIncoming(activity, t);
    if (submitted && 'incoming' in submitted && onIncoming) await onIncoming(submitted.incoming);
    if (submitted && 'refusal' in submitted) body = messageTask(submitted.refusal);
  }
  await context.sendActivity({ type: 'invokeResponse', value: { status: 200, ...(body ? { body } : {}) } });
}
