/** Teams 中的文字：私信提示、1:1 聊天中重新开始的提示、表单卡片校验、确认问题。 */
import type { CatalogOf } from '../catalog.js';
import type { teams as en } from '../en/teams.js';

export const teams: CatalogOf<typeof en> = {
  privateNoteSent: '🔒 我已在与你的 1:1 聊天中给你发送了一条私信。',
  noPrivateNotes: 'Teams 不支持仅自己可见的消息，且无法打开与你的 1:1 聊天，因此在此显示：',
  startOverHint: '输入 `{{word}}` 或一条命令，即可在此聊天中开始新对话',
  confirmBackOut: '{{text}}（{{deny}}：再按一次“{{label}}”。）',
  form: {
    title: '表单',
    chooseOne: '请至少选择一项',
    required: '此项为必填项',
  },
};
