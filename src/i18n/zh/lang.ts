/** `/iip lang`：选择机器人与用户交流的语言。 */
import type { CatalogOf } from '../catalog.js';
import type { lang as en } from '../en/lang.js';

export const lang: CatalogOf<typeof en> = {
  summary: '设置机器人与你交流的语言（含工作流结果）：`zh` 中文，`en` 英文，`auto` 跟随聊天软件的语言',
  usage: '用法：`{{p}}lang zh|en|auto`（`auto`：跟随聊天软件的语言，否则使用本工作区的默认语言）。',
  unknown: '未知语言 `{{word}}`：机器人支持 `zh`（中文）和 `en`（英文）。',
  names: { en: '英文', zh: '中文' },
  now: {
    chosen: '机器人正在用{{language}}与你交流：这是你自己的选择。`{{p}}lang auto` 可恢复为跟随聊天软件的语言。',
    chat: '机器人正在用{{language}}与你交流：这是你聊天软件的语言。可用 `{{p}}lang zh` 或 `{{p}}lang en` 指定语言。',
    default: '机器人正在用{{language}}与你交流：这是本工作区的默认语言。可用 `{{p}}lang zh` 或 `{{p}}lang en` 指定语言。',
  },
  chosen:
    '从现在起，机器人将用中文与你交流，工作流结果也用中文（命令中的 `--lang` 仍可指定结果的语言）。`{{p}}lang auto` 可恢复为跟随聊天软件的语言。',
  auto: '机器人已恢复为跟随聊天软件的语言：当前为{{language}}。',
};
