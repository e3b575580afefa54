/** 技术预研报告（AI34，测试版）：帮助、目录审阅、撰写与报告链接。 */
import type { CatalogOf } from '../catalog.js';
import type { report as en } from '../en/report.js';

export const report: CatalogOf<typeof en> = {
  noun: '技术预研报告',
  help: {
    summary:
      '技术预研报告（测试版）：审阅或扩充报告目录（或用 `--auto-outline` 由平台自定目录并直接撰写），然后获得报告链接及其中的头部企业和关键专利',
    usage: 'report <技术问题> [--auto-outline] [--let-others-confirm]',
    example: 'report 用于电动汽车快充电池的固态电解质',
  },
  usage: '用法：`{{prefix}}report <技术问题> [{{flag}}] [--let-others-confirm]`，例如 `{{prefix}}report 用于电动汽车快充电池的固态电解质`。',
  noValue: '`{{flag}}` 不接受取值。',
  unknownOption: '未知选项 `--{{name}}`。可用选项：`--auto-outline`（也可写作 `--auto-directory`）和 `--let-others-confirm`。',
  tooLong: '技术问题最多 {{max, number}} 个字符；你的有 {{length, number}} 个。',
  started: '申请了一份技术预研报告（测试版）',
  autoContext: '平台将自定报告目录并直接撰写；报告完成后会发送链接。{{others}}',
  reviewContext: '请先在此审阅报告目录，然后点“生成”；报告完成后会发送链接。{{others}}',
  proposing: '生成报告目录',
  startingAuto: '按平台自定的目录开始撰写报告',
  outline: {
    custom: ' _（自定义）_',
    none: '平台未提出报告目录；可点“编辑”添加自定义模块，或直接生成。',
    hint: '“生成”将按此目录撰写报告（需要几分钟）。“编辑”可添加或重命名两个自定义模块；其余章节由平台确定。',
    section: '第 {{n}} 节',
    customModule: '自定义模块 {{n}}（可选）',
    starting: '开始撰写报告',
    title: '报告目录',
    generate: '生成',
    edit: '编辑',
  },
  link: {
    expiry: '链接有效期为 3 小时，约至 {{time}}；之后可点 **获取新链接** 向平台申请新的链接。',
    fresh: '获取新链接',
    notYet: '报告撰写完成后才能获取新链接。',
    failed: '⚠️ 平台未给出新链接：{{why}} 请稍后再试。',
    noLink: '平台目前没有此报告的链接（状态 {{status}}）；请稍后再试。',
    unknown: '未知',
    defaultTitle: '技术预研报告',
    freshLink: '🔗 **技术预研报告的新链接**：{{link}}',
    askedBy: '{{expiry}} · 由 {{user}} 申请',
  },
  result: {
    ready: '📄 **技术预研报告已完成**：{{link}}',
    chosenOutline: '**平台选定的目录**',
    players: '**头部企业**',
    patents: '**关键专利**',
    requested: '由 {{user}} 发起',
    lessThanMinute: '刚开始不到一分钟',
    runningFor: '已进行 {{minutes}} 分钟',
    running: '撰写中 · {{elapsed}} · 报告通常需要几分钟',
    label: '撰写技术预研报告（通常需要几分钟）',
    task: '撰写报告',
    status: '正在撰写报告…',
    more: '• …… 报告中另有 {{count}} 项',
  },
};
