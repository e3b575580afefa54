/** Words many parts of the bot share: buttons, yes/no, units. */
export const common = {
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',
  minutes_one: '{{count}} minute',
  minutes_other: '{{count}} minutes',
} as const;
