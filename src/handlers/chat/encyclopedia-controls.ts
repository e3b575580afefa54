/** The encyclopedia thread's search options as controls under each answer: a data-source menu and on/off buttons. */
import type { Block } from '../../core/message.js';
import { DATA_SOURCES, TOGGLES, type EncyclopediaOptions } from './encyclopedia-options.js';

export const SOURCE_ACTION = 'encyclopedia-source';
export const TOGGLE_ACTION = 'encyclopedia-toggle';

/** The menu and buttons that change the options of the thread's next questions. */
export function optionControls(options: EncyclopediaOptions): Block[] {
  return [
    {
      type: 'select',
      id: 'encyclopedia-source',
      action: SOURCE_ACTION,
      label: 'Source for the next questions',
      options: DATA_SOURCES.map((s) => ({ value: s.word, label: s.label })),
      value: DATA_SOURCES.find((s) => s.value === options.source)!.word,
    },
    {
      type: 'actions',
      // each button says the state it sets, so a double click or an old message's button cannot flip it back
      buttons: TOGGLES.map((t) => ({
        action: TOGGLE_ACTION,
        label: `${options[t.key] ? 'Turn off' : 'Turn on'} ${t.label.toLowerCase()}`,
        value: `${t.key}:${options[t.key] ? 'off' : 'on'}`,
      })),
    },
  ];
}

export const isOptionAction = (action: string): boolean => action === SOURCE_ACTION || action === TOGGLE_ACTION;
