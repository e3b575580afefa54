/** Which language the terminal's own words are said in. */
import { defaultLanguage, translatorFor, type Lang, type Translate } from '../../i18n/index.js';

/**
 * The terminal's words in `lang`, the language of what they are about (a message's or form's, as the messenger
 * stamps it); without one, in the terminal's language: the workspace default, which the CLI takes from the
 * terminal's locale when it runs alone.
 */
export const terminalTranslator = (lang?: Lang): Translate => translatorFor(lang ?? defaultLanguage());
