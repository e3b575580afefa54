/** `/iip count`：帮助、用法、参数错误提示和计数结果。 */
import type { CatalogOf } from '../catalog.js';
import type { count as en } from '../en/count.js';

export const count: CatalogOf<typeof en> = {
  help: {
    summary: '统计检索式命中的专利数量（除非加 `--share`，仅你可见）',
    usage:
      'count <检索式> [--collapse-type ALL|APNO|DOCDB|INPADOC|EXTEND] [--collapse-by APD|PBD|AUTHORITY|SCORE] [--collapse-order OLDEST|LATEST] [--share]',
    example: 'count TTL:(无线充电) AND PBD:[20200101 TO 20241231] --collapse-type DOCDB',
  },
  usage: '用法：`{{prefix}}count <检索式> [--collapse-type {{types}}] [--collapse-by {{by}}] [--collapse-order {{order}}] [--share]`',
  problem: {
    unknownOption: '未知选项 `--{{name}}`。可用选项：`--collapse-type`、`--collapse-by`、`--collapse-order`、`--share`。',
    needsValue: '`--{{name}}` 需要取值，可选：{{allowed}}。',
    notAllowed: '`--{{name}}` 只能取 {{allowed}} 之一；`{{value}}` 无效。',
    noQuery: '请给出要统计的检索式。',
    tooLong: '检索式最多 {{max}} 个字符（P001 的限制），当前为 {{length}} 个。',
    orderNeeds: '`--collapse-order` 仅在 `--collapse-type APNO` 且 `--collapse-by APD` 或 `PBD` 时适用。',
  },
  noCount: '无数量',
  matches: '🔢 共 **{{number}}** 件专利命中 `{{query}}`',
  collapsedBy: '按 {{type}} 合并',
  notCollapsed: '未合并',
  orderedBy: '按 {{by}} 排序',
  keeping: '保留{{order}}的一件',
  order: { OLDEST: '最早', LATEST: '最新' },
  valueSeparator: '、',
  listSeparator: '，',
  askedBy: '{{collapse}} · 由 {{user}} 查询',
  onlyYou: '{{collapse}} · 仅你可见；加上 `--share` 即可发布',
  failed: '⚠️ 统计失败：{{why}}',
};
