/** `/iip report` arguments: the question, `--auto-outline` (or `--auto-directory`), `--let-others-confirm`; any other `--flag` refused. */
import { takeOthersFlag } from '../shared/others-confirm.js';
import { charCount, freeText } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';

/** No published limit for AI34-1's question; a Slack command carries a few thousand characters at most anyway. */
export const MAX_QUESTION_CHARS = 2_000;
const MIN_QUESTION_CHARS = 5;

/** AI34-1's `auto_directory`: the bot's name for it, and the contract's spelling, which means the same. */
export const AUTO_OUTLINE_FLAG = '--auto-outline';
const autoOutlinePattern = /(^|\s)(--auto-(?:outline|directory))(=\S*)?(?=\s|$)/gi;
const anyFlag = /(?:^|\s)--([a-z][\w-]*)/i;

export interface ReportArgs {
  question: string;
  autoOutline: boolean;
  othersMayConfirm: boolean;
}

/** What is wrong with the command: `problem` goes with the usage line; `tooLong` stands alone. */
export type ReportArgsRefusal = { problem: string } | { tooLong: string } | { usage: true };

/** The question without `--auto-outline`/`--auto-directory` and whether one was given; a value (`=yes`) is a problem. */
function takeAutoOutline(args: string, t: Translate): { rest: string; autoOutline: boolean } | { problem: string } {
  let autoOutline = false;
  let withValue: string | undefined;
  const rest = args.replace(autoOutlinePattern, (_all, space: string, flag: string, value: string | undefined) => {
    autoOutline = true;
    if (value !== undefined) withValue ??= flag.toLowerCase();
    return space;
  });
  return withValue ? { problem: t('report:noValue', { flag: withValue }) } : { rest, autoOutline };
}

export function parseReportArgs(args: string, t: Translate): ReportArgs | ReportArgsRefusal {
  const taken = takeOthersFlag(args, t);
  if ('problem' in taken) return taken;
  const auto = takeAutoOutline(taken.rest, t);
  if ('problem' in auto) return auto;
  // an unknown option would otherwise be sent to the platform as part of the question
  const unknown = anyFlag.exec(auto.rest);
  if (unknown) return { problem: t('report:unknownOption', { name: unknown[1]!.slice(0, 20) }) };
  // the lines as typed: AI34-1's technical_issues is free text
  const question = freeText(auto.rest);
  // characters as the platform counts them: code points, so an emoji or a rare CJK character is one
  const length = charCount(question);
  if (length < MIN_QUESTION_CHARS) return { usage: true };
  if (length > MAX_QUESTION_CHARS) return { tooLong: t('report:tooLong', { max: MAX_QUESTION_CHARS, length }) };
  return { question, autoOutline: auto.autoOutline, othersMayConfirm: taken.othersMayConfirm };
}
