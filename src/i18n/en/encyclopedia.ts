/** The encyclopedia's search options: source names, on/off switches, their controls, refusals and change notes. */
export const encyclopedia = {
  source: {
    all: 'All sources',
    papers: 'Papers',
    patents: 'Patents',
    'clinical-trials': 'Clinical trials',
    'fda-labels': 'FDA labels',
    'financial-reports': 'Financial reports',
    'clinical-guidelines': 'Clinical guidelines',
    epidemiology: 'Epidemiology',
  },
  toggle: {
    deepSearch: 'deep search',
    longThink: 'long thinking',
    searchWebsite: 'web search',
  },
  sourceMenu: 'Source for the next questions',
  turnOn: 'Turn on {{what}}',
  turnOff: 'Turn off {{what}}',
  problem: {
    toggleValue: '`{{flag}}` takes no value; leave it out to keep it off.',
    unknown: 'Unknown option `{{name}}`. Options: {{options}}.',
    sourceNotOne: '`--source` takes one of {{sources}}; `{{word}}` is not one of them.',
    sourceNeeded: '`--source` takes one of {{sources}}; it needs one.',
  },
  notEncyclopedia: 'These options belong to an encyclopedia thread.',
  busy: 'An answer is still being written; choose again once it is done.',
  notOffered: 'That choice is not one the encyclopedia offers; nothing changed.',
  alreadySet: 'Already set: the next questions are searched in {{options}}.',
  movedOn: 'The thread moved on while you chose; choose again.',
  changed: '{{user}} changed the search: the next questions in this thread use **{{options}}**.',
} as const;
