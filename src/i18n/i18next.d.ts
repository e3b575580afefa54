/** Gives `t` its keys: i18next checks every key and its namespace against the English catalog at compile time. */
import 'i18next';
import type { en } from './en/index.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
    returnNull: false;
  }
}
