// The analysis modules this build ships (spec §1.3, §4.6): each adds one line here.
import type { AnalysisModule } from './analysis-module';
import { drugCombinationsModule } from './drug-combinations/drug-combinations-module';
import { virtualScreeningModule } from './virtual-screening/virtual-screening-module';

export const ANALYSIS_MODULES: readonly AnalysisModule[] = [
  drugCombinationsModule, virtualScreeningModule,
];
