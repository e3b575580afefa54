/** Slack's own words: the Home tab and its Start modal, the "cannot post here" notice, the install page, feedback. */
export const slack = {
  /** an uploaded picture's file name when its title leaves none */
  imageFile: 'image',
  home: {
    startChat: 'Start a chat',
    startWorkflow: 'Start a workflow',
    open: 'Open',
    openEmpty: 'Nothing open: start a chat or a workflow above, or type /iip in any channel.',
    recent: 'Recently finished',
    recentEmpty: 'Nothing finished yet.',
    /** an entry: its workflow or chat, and where it stands */
    entry: '*{{label}}*: {{state}}',
    openThread: 'open the thread',
    started: 'started {{when}}',
    apiKey: '*Admins:* platform API key in use: {{key}}',
  },
  start: {
    submit: 'Start',
    model: 'Model',
    workflow: 'Workflow',
    question: 'Your question',
    idea: 'Your idea or problem',
    options: 'Options (e.g. --lang en --from 20150101)',
    where: 'Where the thread opens (empty: a DM with me)',
  },
  /** the modal of the message shortcut and the global shortcut */
  shortcut: {
    title: 'Start with iip',
    verb: 'What to do',
    text: 'Text',
    lang: 'Language of the text',
    langDefault: 'as set for me',
    where: 'Where the thread opens (empty: a DM with me)',
    under: 'The answer opens in a thread under the message.',
    left: '{{length}} characters. Left before the limit: {{left}}',
    over: '{{verb}} {{by}} over',
    notMember:
      'iip is not in this conversation, so it cannot answer under the message. Nothing was sent: add it with /invite @iip, or use the global shortcut from a channel it is in.',
    notVisible: 'iip cannot see this conversation (a private channel or a DM without it), so it cannot answer there. Nothing was sent.',
    unchecked: 'Slack could not say whether iip can answer there. Nothing was sent: press Start again in a moment.',
    empty: 'Write the text to start with.',
    part: 'Text (part {{n}} of {{of}})',
    long: 'The message has {{length}} characters; one field holds {{max}}, so its text is split over {{parts}} fields at line breaks. Start sends them joined, as the message has them.',
    longCut:
      'The message has {{length}} characters, more than any verb takes ({{most}} at most). The fields hold its first {{kept}}; the rest was left out.',
    tooLong: '{{verb}} takes at most {{max}} characters; this text has {{length}}. Nothing was sent: shorten it, or pick a verb that takes more.',
    tooManyWords: '{{verb}} takes at most {{max}} words; this text has {{words}}. Nothing was sent: shorten it, or pick a verb that takes more.',
    files: 'Files of the message: {{names}}. design searches with its image.',
    image: 'Image for design',
    notImage:
      'design needs an image (PNG, JPEG, GIF or WebP), and {{names}} is not one. Nothing was sent: pick another verb, or use the shortcut on a message with the image.',
    cannotOpen:
      "iip cannot open {{name}}: Slack does not let the bot read it (deleted since, hidden by the workspace's plan, or shared from a conversation iip is not in). Nothing was sent: post the image where iip is, and use the shortcut on that message.",
  },
  /** a slash command the bot could not record (its state store refused the write) */
  notTaken: 'Your command could not be taken: the bot cannot save its work right now. Nothing was sent; run the command again in a moment.',
  /** a slash command that arrived while the bot was starting or stopping */
  restarting: 'The bot is restarting and could not take your command. Nothing was sent; run the command again in a moment.',
  /** a button click the bot could not record, or that arrived while it was starting or stopping */
  clickNotTaken: 'Your click could not be taken: the bot cannot save its work right now. Nothing was done; click again in a moment.',
  clickRestarting: 'The bot is restarting and could not take your click. Nothing was done; click again in a moment.',
  unreachable: {
    explainRun:
      "I can't post in this conversation: I'm not a member of it. To use me here, invite me with `/invite @iip` and run the command again, or run it in a direct message with me:",
    explainCopy:
      "I can't post in this conversation: I'm not a member of it. To use me here, invite me with `/invite @iip` and run the command again, or copy it into a direct message with me:",
    fallback: "I can't post here; invite me with /invite @iip. Your command: {{command}}",
    runInDm: 'Run it in a DM with me',
    runningInDm: 'Running it in your direct message with me.',
  },
  feedback: {
    good: 'A good answer',
    bad: 'Not a good answer',
  },
  continued: '(continued)',
  assistant: {
    promptsTitle: 'Try one of these, or type a question',
    ask: 'Ask the general model',
    askExample: 'How do solid-state batteries avoid lithium dendrites?',
    pharm: 'Ask the life-science model',
    pharmExample: 'What are the indications for siRNA drugs?',
    encyclopedia: 'Look it up in the bio-pharma encyclopedia',
    encyclopediaExample: 'What is the PK/PD data of RMC-6236?',
    novelty: 'Check whether an idea is new',
    noveltyExample: 'A foldable phone hinge with a liquid-metal damping layer',
  },
  install: {
    title: 'Add iip to Slack',
    intro:
      "iip brings the Innovation Intelligence platform's AI chats, patent searches and workflows into Slack threads: type <code>/iip help</code> once it is installed.",
    consent: 'Installing asks a workspace admin to allow the bot to read the messages and commands addressed to it and to post its answers.',
    add: 'Add to Slack',
  },
} as const;
