/** `--let-others-confirm` in any workflow command: taken out of the arguments before the command's own parsing. */
import type { BotSettings } from '../../core/handler.js';
import type { Translate } from '../../i18n/index.js';

export const OTHERS_FLAG = '--let-others-confirm';

const flagPattern = /(^|\s)--let-others-confirm(?:=(\S*))?(?=\s|$)/gi;

/**
 * The arguments without the flag and whether it was given; a value (`--let-others-confirm=yes`) is a problem,
 * as for the other flags that take none.
 */
export function takeOthersFlag(args: string, t: Translate): { rest: string; othersMayConfirm: boolean } | { problem: string } {
  let othersMayConfirm = false;
  let withValue = false;
  const rest = args.replace(flagPattern, (_all, space: string, value: string | undefined) => {
    othersMayConfirm = true;
    if (value !== undefined) withValue = true;
    return space;
  });
  if (withValue) return { problem: t('shared:args.flagTakesNoValue', { flag: OTHERS_FLAG }) };
  return { rest, othersMayConfirm };
}

/**
 * Whether the thread's first message says that anyone in the channel may confirm: the starter gave the flag, or
 * the bot lets anyone confirm every workflow (`IIP_CONFIRMERS=anyone`) and this run has steps to confirm
 * (`reviews: false` for the one-shot novelty report and the report's `--auto-outline`, which ask nothing).
 */
export const othersMayConfirmIn = (
  settings: Pick<BotSettings, 'confirmers'>,
  given: boolean | undefined,
  run: { reviews: boolean } = { reviews: true },
): boolean => given === true || (run.reviews && settings.confirmers === 'anyone');

/** The start data's part: present only when the starter let others confirm, so other records stay as they were. */
export const othersData = (othersMayConfirm: boolean): { othersMayConfirm?: true } => (othersMayConfirm ? { othersMayConfirm: true } : {});
