/** `/iip home`：主页摘要和可开始的功能。 */
import type { CatalogOf } from '../catalog.js';
import type { home as enHome } from '../en/home.js';

export const home: CatalogOf<typeof enHome> = {
  help: {
    summary: '你进行中和最近完成的工作流与问答，附各自话题的链接（在 Slack 中也可查看机器人的主页标签）',
  },
  starts: {
    ask: '通用大模型',
    pharm: '生命科学大模型',
    encyclopedia: '生物医药百科，附引用来源',
    novelty: '引导式新颖性检索（选项：--lang en|cn --from YYYYMMDD --to YYYYMMDD）',
    report: '技术预研报告',
    disclosure: '技术交底书撰写（选项：--lang en|cn）',
    solution: '技术方案探索（选项：--lang en|cn）',
    material: '材料方案查找（选项：--lang en|cn）',
  },
  openThread: '打开话题',
  title: '：“{{title}}”',
  started: '开始于 {{when}}',
  open: '*进行中*',
  nothingOpen: '暂无进行中的任务。',
  recent: '*最近完成*',
  startChat: '开始对话：{{list}}。',
  startWorkflow: '开始工作流：{{list}}。',
  listSeparator: '；',
  apiKey: 'API 密钥：{{key}}。',
};
