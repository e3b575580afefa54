/** `/iip usage`: a workspace's commands and platform calls for its admins. */
export const usage = {
  help: {
    summary: "admins: this workspace's commands and platform calls over the last 7 and 30 days",
  },
  adminsOnly: 'Only a workspace admin can see its usage.',
  title: 'Usage of this workspace (days in UTC, today included)',
  commands: 'Commands by verb',
  calls: 'Platform calls by operation',
  none: '*{{title}}*: none in the last 30 days.',
  heading: '*{{title}}* (last 7 days · last 30 days)',
  row: '• `{{name}}`: {{week}} · {{month}}',
} as const;
