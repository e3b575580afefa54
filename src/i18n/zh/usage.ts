/** `/iip usage`：供管理员查看的工作区命令与平台调用次数。 */
import type { CatalogOf } from '../catalog.js';
import type { usage as enUsage } from '../en/usage.js';

export const usage: CatalogOf<typeof enUsage> = {
  help: {
    summary: '管理员：本工作区最近 7 天和 30 天的命令与平台调用次数',
  },
  adminsOnly: '只有工作区管理员才能查看用量。',
  title: '本工作区用量（按 UTC 日期计，含今天）',
  commands: '各命令次数',
  calls: '各平台接口调用次数',
  none: '*{{title}}*：最近 30 天没有记录。',
  heading: '*{{title}}*（最近 7 天 · 最近 30 天）',
  row: '• `{{name}}`：{{week}} · {{month}}',
};
