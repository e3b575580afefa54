/** Teams' own words: private-note pointers, the start-over hint of a 1:1 chat, form card checks, confirm questions. */
export const teams = {
  privateNoteSent: '🔒 I sent you a private note in your 1:1 chat with me.',
  noPrivateNotes: 'Teams has no private notes, and your 1:1 chat with me could not be opened, so this is shown here:',
  startOverHint: '`{{word}}` or a command starts a new conversation in this chat',
  confirmBackOut: '{{text}} ({{deny}}: press {{label}} again.)',
  form: {
    title: 'Form',
    chooseOne: 'Choose at least one option',
    required: 'This field is required',
  },
} as const;
