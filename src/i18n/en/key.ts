/** `/iip key`: the admin's form for the workspace's platform API key and its notes. */
export const key = {
  help: {
    summary: 'admins: set the platform API key this workspace uses (`key status`, `key remove`)',
  },
  form: {
    title: 'Platform API key',
    submit: 'Save',
    label: 'API key for this workspace (sk-...)',
  },
  adminsOnly: 'Only a workspace admin can change the platform API key.',
  off: "Workspace keys are off: the bot's operator has to set `IIP_SECRET` first.",
  noForms: 'This chat cannot open forms; set the key from Slack or the terminal.',
  own: 'This workspace uses its own key {{masked}}.',
  default: "This workspace uses the bot's default key.",
  removed: "Removed: this workspace uses the bot's default key again.",
  usage: 'Usage: `key` (set), `key status` or `key remove`.',
  notAKey: 'That is not a platform API key (they start with `sk-`). Nothing was changed.',
  rejected: 'The platform rejected the key {{masked}}. Nothing was changed.',
  unknown: 'The platform could not be asked about the key right now. Nothing was changed; try again in a moment.',
  saved: 'Saved. Every call from this workspace now uses {{masked}}.',
} as const;
