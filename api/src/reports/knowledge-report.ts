import { helpfulRate, type TKnowledgeReport } from '@helpdesk/contracts';
import { sql } from '../db.ts';
import {
  selectAnswerTotals,
  selectDeflectedBy,
  selectHelpfulness,
  selectKnowledgeActivity,
  selectMostRead,
  selectUnfoundSearches,
} from './knowledge-queries.ts';
import type { ReportWindow } from './queries.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The knowledge-base report over a window (figures explained in docs/product.md#reports). */
export async function knowledgeReport(
  meta: Pick<TKnowledgeReport, 'range' | 'bucket' | 'timeZone' | 'from' | 'to'>,
  w: ReportWindow,
): Promise<TKnowledgeReport> {
  const [activity, answers, mostRead, helpfulness, unfoundSearches, deflectedBy] = await Promise.all([
    selectKnowledgeActivity(sql, w),
    selectAnswerTotals(sql, w),
    selectMostRead(sql, w),
    selectHelpfulness(sql, w),
    selectUnfoundSearches(sql, w),
    selectDeflectedBy(sql, w),
  ]);
  return {
    ...meta,
    type: 'knowledge',
    summary: {
      reads: sum(activity.map((point) => point.reads)),
      helpfulYes: answers.yes,
      helpfulNo: answers.no,
      helpfulRate: helpfulRate(answers.yes, answers.no),
      searchesWithoutResult: sum(activity.map((point) => point.searchesWithoutResult)),
      deflections: sum(activity.map((point) => point.deflections)),
    },
    activity,
    mostRead,
    helpfulness: helpfulness.map((row) => ({ ...row, helpfulRate: helpfulRate(row.yes, row.no) })),
    unfoundSearches,
    deflectedBy,
  };
}
