/** 技术交底书撰写（AI32）：帮助、选项、关键要素及其编辑表单、撰写过程与文档。 */
import type { CatalogOf } from '../catalog.js';
import type { disclosure as en } from '../en/disclosure.js';

export const disclosure: CatalogOf<typeof en> = {
  noun: '技术交底书撰写',
  /** 各步骤的名称（`status`、主页中显示） */
  steps: { elements: '关键要素', writing: '准备交底书文档' },
  help: {
    summary: '技术交底书撰写：审阅或修改提取出的关键要素，点“生成”，实时查看撰写过程，最后下载文档',
    usage: 'disclosure <技术构思> [--lang en|cn] [--let-others-confirm]',
    example: 'disclosure 一种自行车头盔，其外壳通过剪切增稠液体层在受到冲击时变硬 --lang cn',
  },
  usage: '用法：`{{prefix}}disclosure <技术构思> [--lang en|cn] [--let-others-confirm]`：请描述你的技术构思（200 字以上效果最佳）。',
  started: '发起了技术交底书撰写',
  startContext: '模板语言 `{{lang}}` · 请先在此审阅关键要素，然后点“生成”',
  startContextOthers: '模板语言 `{{lang}}` · 请先在此审阅关键要素，然后点“生成”。{{others}}',
  langNeedsValue: '`--lang` 需要一个值：`en` 或 `cn`。',
  unknownOption: '未知选项 `--{{option}}`。',
  badLang: '`--lang` 只能是 `en` 或 `cn`。',
  tooLong: '技术构思最多 {{max, number}} 字（平台的上限）；你的有 {{words, number}} 字。',
  extracting: '提取关键要素',
  element: {
    background: '技术背景',
    problem: '技术问题',
    mechanism: '技术手段',
    outcome: '技术效果',
    embodiment: '具体实施方式',
    applications: '应用场景',
  },
  edit: {
    background: '编辑技术背景',
    problem: '编辑技术问题',
    mechanism: '编辑技术手段',
    outcome: '编辑技术效果',
    embodiment: '编辑具体实施方式',
    applications: '编辑应用场景',
  },
  oneALine: '{{label}}：每行一条',
  save: '保存',
  mechanismEmpty: '技术手段不能为空：交底书以它为基础撰写。未做任何更改。',
  title: '技术交底书 · 关键要素',
  hint: '“生成”将根据这些要素起草交底书；正文会在此边写边显示，随后提供文档下载。如需修改，请先编辑相应要素。',
  generate: '生成',
  starting: '开始起草交底书',
  writing: {
    label: '准备交底书文档',
    heading: '✍️ **技术交底书（撰写中）：**',
    waiting: '等待导出',
    exporting: '正在导出文档',
    ready: '📄 **技术交底书已完成**：[下载文档]({{url}})',
    requested: '由 {{user}} 发起 · 上方正文即为同一份草稿。',
  },
};
