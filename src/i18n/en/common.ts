/** Words many parts of the bot share: buttons, yes/no, units. */
export const common = {
  cancel: 'Cancel',
  apply: 'Apply',
  yes: 'Yes',
  no: 'No',
  minutes_one: '{{count}} minute',
  minutes_other: '{{count}} minutes',
  /** a reference or file without a title of its own */
  noTitle: 'untitled',
  /** an image's alt text when it has none */
  imageAlt: 'image',
} as const;
