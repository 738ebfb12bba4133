// The analysis modules this build ships (spec §1.3, §4.6): each adds one line here.
import type { AnalysisModule } from './analysis-module';
import { biomarkerModule } from './biomarkers/biomarker-module';
import { cartModule } from './cart-suitability/cart-module';
import { crossDiseaseModule } from './cross-disease/cross-disease-module';
import { diseaseModuleModule } from './disease-module/disease-module-module';
import { llmExtractionModule } from './llm-extraction/llm-extraction-module';
import { evidenceGatheringModule } from './evidence-gathering/evidence-gathering-module';
import { semanticSearchModule } from './semantic-search/semantic-search-module';
import { trialsModule } from './clinical-trials/trials-module';
import { safetyModule } from './drug-safety/safety-module';
import { drugCombinationsModule } from './drug-combinations/drug-combinations-module';
import { linkPredictionModule } from './link-prediction/link-prediction-module';
import { expressionModule } from './expression-profile/expression-module';
import { gwasModule } from './gwas-loci/gwas-module';
import { literatureModule } from './literature/literature-module';
import { enrichmentModule } from './pathway-enrichment/enrichment-module';
import { repurposeModule } from './repurpose/repurpose-module';
import { virtualScreeningModule } from './virtual-screening/virtual-screening-module';

export const ANALYSIS_MODULES: readonly AnalysisModule[] = [
  repurposeModule, diseaseModuleModule,
  enrichmentModule, crossDiseaseModule,
  linkPredictionModule,
  drugCombinationsModule, virtualScreeningModule,
  gwasModule, expressionModule, cartModule, biomarkerModule,
  safetyModule, trialsModule, semanticSearchModule, evidenceGatheringModule,
  llmExtractionModule,
  literatureModule,
];
