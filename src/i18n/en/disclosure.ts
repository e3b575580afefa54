/** Technical disclosure drafting (AI32): help, options, the key elements and their forms, the writing and the document. */
export const disclosure = {
  noun: 'technical disclosure',
  /** each step's name in a sentence (`status`, the Home tab): 'at the features review' */
  steps: { elements: 'key elements review', writing: 'disclosure writing step' },
  help: {
    summary:
      'technical disclosure drafting: review or edit the extracted key elements, Generate, watch the text being written, then download the document',
    usage: 'disclosure <technical idea> [--lang en|cn] [--let-others-confirm]',
    example: 'disclosure A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer --lang en',
  },
  usage:
    'Usage: `{{prefix}}disclosure <technical idea> [--lang en|cn] [--let-others-confirm]`: describe the idea (200 words or more give the best draft).',
  started: 'started a technical disclosure',
  startContext: 'Template language {{lang}} · review the key elements here, then Generate',
  startContextOthers: 'Template language {{lang}} · review the key elements here, then Generate.{{others}}',
  langNeedsValue: '`--lang` needs a value, `en` or `cn`.',
  unknownOption: 'Unknown option `--{{option}}`.',
  badLang: '`--lang` must be `en` or `cn`.',
  tooLong: "The technical idea can be at most {{max, number}} words (the platform's limit); yours has {{words, number}}.",
  extracting: 'Extracting the key elements',
  element: {
    background: 'Background',
    problem: 'Problem',
    mechanism: 'Mechanism',
    outcome: 'Outcome',
    embodiment: 'Embodiment',
    applications: 'Applications',
  },
  edit: {
    background: 'Edit background',
    problem: 'Edit problem',
    mechanism: 'Edit mechanism',
    outcome: 'Edit outcome',
    embodiment: 'Edit embodiment',
    applications: 'Edit applications',
  },
  oneALine: '{{label}}: one a line',
  save: 'Save',
  mechanismEmpty: 'The mechanism cannot be empty: the disclosure is built on it. Nothing was changed.',
  title: 'Technical disclosure · Key elements',
  hint: 'Generate drafts the disclosure from these elements; the text appears here as it is written, then the document to download. Edit any of them first.',
  generate: 'Generate',
  starting: 'Starting the disclosure draft',
  writing: {
    label: 'Preparing the disclosure document',
    heading: '✍️ **The technical disclosure, as it is written:**',
    waiting: 'Waiting to be exported',
    exporting: 'Exporting the document',
    ready: '📄 **Technical disclosure ready**: [download the document]({{url}})',
    requested: 'Requested by {{user}} · the text above is the same draft.',
  },
} as const;
