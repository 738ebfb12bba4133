// The analysis modules this build ships (spec §1.3, §4.6): each adds one line here.
import type { AnalysisModule } from './analysis-module';
import { linkPredictionModule } from './link-prediction/link-prediction-module';

export const ANALYSIS_MODULES: readonly AnalysisModule[] = [
  linkPredictionModule,
];
