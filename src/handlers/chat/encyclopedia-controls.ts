/** The encyclopedia thread's search options as controls under each answer: a data-source menu and on/off buttons. */
import type { Block } from '../../core/message.js';
import type { Translate } from '../../i18n/index.js';
import { DATA_SOURCES, sourceName, TOGGLES, toggleName, type EncyclopediaOptions } from './encyclopedia-options.js';

export const SOURCE_ACTION = 'encyclopedia-source';
export const TOGGLE_ACTION = 'encyclopedia-toggle';

/** The menu and buttons that change the options of the thread's next questions. */
export function optionControls(options: EncyclopediaOptions, t: Translate): Block[] {
  return [
    {
      type: 'select',
      id: 'encyclopedia-source',
      action: SOURCE_ACTION,
      label: t('encyclopedia:sourceMenu'),
      options: DATA_SOURCES.map((s) => ({ value: s.word, label: sourceName(s.word, t) })),
      value: DATA_SOURCES.find((s) => s.value === options.source)!.word,
    },
    {
      type: 'actions',
      // each button says the state it sets, so a double click or an old message's button cannot flip it back
      buttons: TOGGLES.map((toggle) => ({
        action: TOGGLE_ACTION,
        label: t(options[toggle.key] ? 'encyclopedia:turnOff' : 'encyclopedia:turnOn', { what: toggleName(toggle.key, t) }),
        value: `${toggle.key}:${options[toggle.key] ? 'off' : 'on'}`,
      })),
    },
  ];
}

export const isOptionAction = (action: string): boolean => action === SOURCE_ACTION || action === TOGGLE_ACTION;
