/** `/iip lang`: choosing the language the bot speaks to a user. */
export const lang = {
  summary: 'the language the bot speaks to you, workflow results included: `zh` Chinese, `en` English, `auto` your chat’s',
  usage: 'Usage: `{{p}}lang zh|en|auto` (`auto`: your chat’s language, else this workspace’s default).',
  unknown: 'Unknown language `{{word}}`: the bot speaks `zh` (Chinese) and `en` (English).',
  names: { en: 'English', zh: 'Chinese' },
  now: {
    chosen: 'The bot speaks {{language}} to you: your own choice. `{{p}}lang auto` follows your chat’s language again.',
    chat: 'The bot speaks {{language}} to you: your chat’s language. `{{p}}lang zh` or `{{p}}lang en` chooses one.',
    default: 'The bot speaks {{language}} to you: this workspace’s default. `{{p}}lang zh` or `{{p}}lang en` chooses one.',
  },
  chosen:
    'From now on the bot speaks English to you, workflow results included (a command’s `--lang` still chooses the results’ language). `{{p}}lang auto` follows your chat’s language again.',
  auto: 'The bot follows your chat’s language again: {{language}} for now.',
} as const;
