/** `/iip key`：管理员设置工作区平台 API 密钥的表单及提示。 */
import type { CatalogOf } from '../catalog.js';
import type { key as enKey } from '../en/key.js';

export const key: CatalogOf<typeof enKey> = {
  help: {
    summary: '管理员：设置本工作区使用的平台 API 密钥（`key status`、`key remove`）',
  },
  form: {
    title: '平台 API 密钥',
    submit: '保存',
    label: '本工作区的 API 密钥（sk-...）',
  },
  adminsOnly: '只有工作区管理员才能更改平台 API 密钥。',
  off: '工作区密钥功能未启用：需要机器人的运维人员先设置 `IIP_SECRET`。',
  noForms: '此聊天无法打开表单；请在 Slack 或终端中设置密钥。',
  own: '本工作区使用自己的密钥 {{masked}}。',
  default: '本工作区使用机器人的默认密钥。',
  removed: '已移除：本工作区重新使用机器人的默认密钥。',
  usage: '用法：`key`（设置）、`key status` 或 `key remove`。',
  notAKey: '这不是平台 API 密钥（密钥以 `sk-` 开头）。未做任何更改。',
  rejected: '平台拒绝了密钥 {{masked}}。未做任何更改。',
  unknown: '暂时无法向平台核验该密钥。未做任何更改；请稍后再试。',
  saved: '已保存。本工作区此后的所有调用都将使用 {{masked}}。',
};
