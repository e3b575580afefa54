/** The help list, and what a word that is no command is told. */
export const help = {
  title: '*iip: patent and bio-pharma intelligence in your threads*',
  verb: '• `{{usage}}`{{aliases}}: {{summary}}\n    e.g. `{{example}}`',
  aliases: ' (also {{list}})',
  status: '• `{{p}}status`: your open workflows; in a thread, where its workflow stands',
  help: '• `{{p}}help`: this list',
  threads: 'Replies in a thread continue its conversation; {{hint}} there. `clear` in a chat thread starts the conversation over.',
  hintTyped: 'type `status` or `cancel`',
  hintMention: 'mention the bot with `status` or `cancel`',
  unknownNearest: 'Unknown command `{{word}}`: did you mean `{{p}}{{nearest}}`? Nothing was sent to the platform; `{{p}}help` lists the commands.',
  unknownHint: 'Unknown command `{{word}}`: {{hint}}. Nothing was sent to the platform; `{{p}}help` lists the commands.',
  unknown: 'Unknown command `{{word}}`. Try `{{p}}help` for the list.',
  nothingToCancel: 'There is nothing to cancel here: `cancel` works in the thread of a workflow. `{{p}}status` lists your open workflows.',
  nonVerb: {
    clear: 'there is no conversation here to clear; in a chat thread (`ask`, `pharm`, `encyclopedia`), `clear` starts it over',
    reset: 'there is no conversation here to reset; in a chat thread, `clear` starts it over',
    restart: 'there is no conversation here to restart; in a chat thread, `clear` starts it over',
    stop: 'to stop a workflow, type `cancel` in its thread',
    commands: '`help` lists the commands',
  },
} as const;
