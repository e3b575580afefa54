/** Teams' own words: private-note pointers, the start-over hint of a 1:1 chat, form card checks, confirm questions. */
export const teams = {
  privateNoteSent: '🔒 I sent you a private note in your 1:1 chat with me.',
  noPrivateNotes: 'Teams has no private notes, and your 1:1 chat with me could not be opened, so this is shown here:',
  startOverHint: '`{{word}}` or a command starts a new conversation in this chat',
  confirmBackOut: '{{text}} ({{deny}}: press {{label}} again.)',
  imageTitle: 'Image',
  /** the notification text of a message's further pages */
  continued: '(continued)',
  file: {
    summary: 'File: {{title}}',
    consent: '{{title}} ({{size}}). Allow saves it to your OneDrive, from where you open or share it.',
    saved: 'Saved to your OneDrive: {{name}}',
    download: 'Download',
    linkLine: '{{name}} · {{size}} · the download link works until {{until}}',
    declined: 'Not saved to your OneDrive. The link in the message still works until it expires.',
    gone: 'This file is no longer kept by the bot (already saved, or a week old): use the link in the message.',
    noPlace: 'Teams gave no place to save the file; nothing was uploaded.',
    failed: 'Saving the file to your OneDrive failed: download it from the link in the message instead.',
  },
  form: {
    title: 'Form',
    chooseOne: 'Choose at least one option',
    required: 'This field is required',
  },
  /** the message action's dialog */
  action: {
    notInstalled:
      'iip is not in this conversation, so it cannot read the message or answer under it. Nothing was sent: add iip here (Apps → iip → Add to a team or chat), or copy the text into your chat with iip.',
    unchecked: 'Teams could not say whether iip is in this conversation. Nothing was sent: try again in a moment.',
    files: 'Files of the message: {{names}}. design searches with its image.',
    notImage: 'design needs an image (PNG, JPEG, GIF or WebP), and {{names}} is not one. Nothing was sent.',
    cannotOpen:
      'iip cannot open {{name}}: it is a file stored in SharePoint or OneDrive, which the bot cannot read. Nothing was sent: paste the image into a message to iip instead.',
    tooLong: '{{verb}} takes at most {{max}} characters; this text has {{length}}. Nothing was sent: shorten it, or pick a verb that takes more.',
    tooManyWords: '{{verb}} takes at most {{max}} words; this text has {{words}}. Nothing was sent: shorten it, or pick a verb that takes more.',
  },
} as const;
