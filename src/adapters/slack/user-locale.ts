/**
 * Users' locales as Slack knows them (users.info with include_locale, e.g. `zh-CN`), cached per team and user:
 * every event asks for its sender's language, and a person's language setting rarely changes.
 */

/** How long a looked-up locale is trusted before Slack is asked again. */
const KEEP_MS = 60 * 60_000;
/** Users remembered at once; the oldest is forgotten first. */
const MAX_USERS = 10_000;

type Lookup = (teamId: string, userId: string) => Promise<string | undefined>;

export function cachedUserLocales(lookup: Lookup, now: () => number = Date.now): Lookup {
  const known = new Map<string, { locale: Promise<string | undefined>; until: number }>();
  return (teamId, userId) => {
    const key = `${teamId}:${userId}`;
    const hit = known.get(key);
    if (hit && hit.until > now()) return hit.locale;
    known.delete(key);
    const locale = lookup(teamId, userId);
    // a failed lookup is not remembered: the next event asks again
    locale.catch(() => known.delete(key));
    known.set(key, { locale, until: now() + KEEP_MS });
    if (known.size > MAX_USERS) known.delete(known.keys().next().value as string);
    return locale;
  };
}
