/** 帮助列表，以及对非命令词的提示。 */
import type { CatalogOf } from '../catalog.js';
import type { help as en } from '../en/help.js';

export const help: CatalogOf<typeof en> = {
  title: '*iip：在话题中使用专利与生物医药情报*',
  verb: '• `{{usage}}`{{aliases}}：{{summary}}\n    示例：`{{example}}`',
  aliases: '（也可用 {{list}}）',
  status: '• `{{p}}status`：列出你未完成的工作流；在话题中则显示该工作流的进度',
  help: '• `{{p}}help`：显示本列表',
  threads: '在话题中回复即可继续该对话；在话题中{{hint}}。在问答话题中输入 `clear` 可重新开始对话。',
  hintTyped: '输入 `status` 或 `cancel`',
  hintMention: '@机器人并附上 `status` 或 `cancel`',
  unknownNearest: '未知命令 `{{word}}`：你是想输入 `{{p}}{{nearest}}` 吗？未向平台发送任何内容；`{{p}}help` 可查看所有命令。',
  unknownHint: '未知命令 `{{word}}`：{{hint}}。未向平台发送任何内容；`{{p}}help` 可查看所有命令。',
  unknown: '未知命令 `{{word}}`。输入 `{{p}}help` 查看命令列表。',
  nothingToCancel: '这里没有可取消的内容：`cancel` 需在工作流的话题中使用。`{{p}}status` 可列出你未完成的工作流。',
  nonVerb: {
    clear: '这里没有可清空的对话；在问答话题（`ask`、`pharm`、`encyclopedia`）中，`clear` 会重新开始对话',
    reset: '这里没有可重置的对话；在问答话题中，`clear` 会重新开始对话',
    restart: '这里没有可重新开始的对话；在问答话题中，`clear` 会重新开始对话',
    stop: '要停止工作流，请在其话题中输入 `cancel`',
    commands: '`help` 可查看所有命令',
  },
};
