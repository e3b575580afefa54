/** 对话类命令（ask、pharm、encyclopedia）：帮助、用法、模型名称、状态行、提示和拒绝说明。 */
import type { CatalogOf } from '../catalog.js';
import type { chat as en } from '../en/chat.js';

export const chat: CatalogOf<typeof en> = {
  help: {
    summary:
      '`ask` 向通用大模型提问；`pharm` 向生命科学大模型提问；`encyclopedia` 查询生物医药百科并附引用来源' +
      '（选项写在问题之前：`--source <papers|patents|clinical-trials|…>`、`--deep`、`--long-think`、`--web`）',
    usage: 'ask|pharm|encyclopedia <问题>',
    example: 'pharm siRNA 药物有哪些适应症？',
  },
  family: {
    ask: '通用大模型',
    pharm: '生命科学大模型',
    encyclopedia: '生物医药百科',
  },
  working: {
    ask: '正在思考…',
    pharm: '正在询问生命科学大模型…',
    encyclopedia: '正在检索生物医药百科…',
  },
  asked: '向{{label}}提问',
  followUpQuery: '上一个问题：{{previous}}\n后续问题：{{question}}',
  askKeepsNoContext: '`ask` 不保留上下文：本话题中的每个问题都单独回答。如需连续对话，请使用 `pharm`。',
  nothingSent: '{{problem}}未向平台发送任何内容。',
  threadRuns: '此话题正在进行{{workflow}}；请在新消息中开始对话。',
  alreadyDone: '已处理：该回答已重试过，或对话已继续进行。',
  stopped: '⚠️ 回答在此中断。{{why}}',
  cutAtCap: '✂️ 回答在此截断：超出了机器人对单个回答的发布上限。',
  cutTooLarge: '✂️ 回答在此截断：平台返回的内容超出了机器人对单个回答的读取上限。',
  tokens: '{{label}} · {{n}} 个 token',
  sources: '参考来源',
  sourceKind: {
    paper: '论文',
    patent: '专利',
    clinical_trial: '临床试验',
    drug_dev_status: '药物研发进展',
    synapse: '药物数据库',
    news: '新闻',
    web_site: '网页',
    zhihu: '知乎文章',
  },
  usage: '用法：`{{invocation}}{{verb}}{{flags}} <问题>`（最多 {{max}} 个字符）。{{options}}',
  usageFlags: ' [选项]',
  usageOptions: '选项：{{options}}。',
  tooLong: '`{{verb}}` 的问题最多 {{max}} 个字符，当前为 {{length}} 个。未向平台发送任何内容。',
  restartNote: '⚠️ 机器人在回答过程中重启了；上面的回答不完整。',
  clearBusy: '此处仍在生成回答；请等回答完成后再输入 `clear`。',
  cleared: '🧹 {{user}} 已重新开始：此处的下一个问题将开启新对话，模型不再看到上面的问题。',
};
