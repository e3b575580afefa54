/** `npm start` 本身向终端用户输出的内容（面向运维的错误与 --help 保持英文）。 */
import type { CatalogOf } from '../catalog.js';
import type { cli as en } from '../en/cli.js';

export const cli: CatalogOf<typeof en> = {
  platform: 'iip-bot：正在使用位于 {{url}} 的平台。',
  simulator: 'iip-bot：未设置 IIP_API_KEY，由内置的平台模拟器作答。设置 IIP_API_KEY=sk-... 即可使用真实平台。',
  stopping: '正在停止：不再接收新任务，正在完成进行中的工作（最多 {{duration}}）。',
};
