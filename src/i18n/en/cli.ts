/** What `npm start` itself prints to the person at the terminal (operators' errors and --help stay English). */
export const cli = {
  platform: 'iip-bot: using the platform at {{url}}.',
  simulator: 'iip-bot: no IIP_API_KEY set, so the built-in platform simulator answers. Set IIP_API_KEY=sk-... to use the real platform.',
  stopping: 'Stopping: no new work; finishing what is in flight (up to {{duration}}).',
} as const;
