/** Words the capabilities share: argument refusals, thread hints, the "Add your own" form, the mind map and comparison pictures. */
export const shared = {
  empty: '(empty)',
  threadControls: {
    console: 'type the number or letter of a choice of its latest message, or type `status` or `cancel` here',
    chat: 'use the buttons of its latest message, or mention me with `status` or `cancel`',
  },
  args: {
    badLang: '`--lang` must be `en` or `cn`.',
    describe: 'Describe the {{noun}}.',
    tooLong: 'The {{noun}} can be at most {{max, number}} characters; yours has {{length, number}}.',
    tooLongPlatform: "The {{noun}} can be at most {{max, number}} characters (the platform's limit); yours has {{length, number}}.",
    flagTakesNoValue: '`{{flag}}` takes no value.',
  },
  othersNote: ' Anyone in the channel may confirm the steps.',
  ownItems: {
    button: 'Add your own',
    yours: '_(yours)_',
    tooMany: 'Add at most {{max}} of your own, one per line (you typed {{count}}); nothing was sent.',
    lineTooLong: 'Each line may have at most {{max}} characters; "{{line}}" has {{length}}. Nothing was sent.',
    noneKept: 'Keep at least one recommended item or add your own; nothing was sent.',
  },
  mindMap: {
    untitled: '(untitled)',
    more_one: '+ {{count, number}} more node: see the outline',
    more_other: '+ {{count, number}} more nodes: see the outline',
  },
  matrix: {
    disclosed: 'disclosed',
    obvious: 'obvious',
    notDisclosed: 'not disclosed',
    notCompared: 'not compared',
    moreFeatures: '{{count}} more features',
    moreReferences: '{{count}} more references',
    moreJoin: '{{first}} and {{second}}',
    seeMessage: '+ {{more}}: see the message',
  },
} as const;
