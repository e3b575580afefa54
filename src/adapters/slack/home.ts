/**
 * The App Home tab: publishing a user's home (views.publish) and opening the Start modal when one of its buttons
 * is clicked (views.open with the click's trigger_id, within Slack's 3 seconds). What the home shows is the
 * core's; this only renders and sends it.
 */
import type { HomeView } from '../../core/home-view.js';
import type { UserLanguageOf } from '../../core/language.js';
import { translatorFor, type Lang } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { homeStartClick } from './incoming/home.js';
import type { ApiCall } from './reach.js';
import { renderHome, renderStartModal } from './render/home.js';

export interface SlackHome {
  /** `lang`: the language of the tab's own words (the workspace default when absent) */
  publish(team: string, userId: string, view: HomeView, lang?: Lang): Promise<void>;
  /** a click in a view: a Start button opens its modal; any other is left to the click's own listener */
  onViewAction(body: unknown): void;
}

const teamOf = (body: unknown): string | undefined => {
  const { team, user } = body as { team?: { id?: unknown } | null; user?: { team_id?: unknown } };
  const id = team?.id ?? user?.team_id;
  return typeof id === 'string' ? id : undefined;
};

/** The Start modal speaks the language the bot speaks to the user who clicked (`languageOf`, never rejecting), as their Home tab does. */
export function slackHome(api: ApiCall, logger: Logger, languageOf: UserLanguageOf): SlackHome {
  async function openStart(team: string, click: NonNullable<ReturnType<typeof homeStartClick>>): Promise<void> {
    const lang = await languageOf(team, click.userId);
    const view = renderStartModal(click.kind, click.starts, translatorFor(lang));
    await api(team, 'views.open', { trigger_id: click.triggerId, view });
  }
  return {
    async publish(team, userId, view, lang) {
      await api(team, 'views.publish', { user_id: userId, view: renderHome(view, translatorFor(lang)) });
    },
    onViewAction(body) {
      const click = homeStartClick(body);
      const team = teamOf(body);
      if (!click || !team) return;
      openStart(team, click).catch((error: unknown) => logger.warn({ err: error, team }, 'the Start modal of the Home tab could not be opened'));
    },
  };
}
