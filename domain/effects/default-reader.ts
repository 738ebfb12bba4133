// The effect reader with the committed model (effect-model.json, made by `npm run effects:train`).
import type { EffectModelFile } from './learned-model';
import { decodeModel, type EffectModel } from './learned-model';
import { readEffectWith, type EffectQuery, type EffectReading } from './effect-reader';
import modelFile from './effect-model.json';

let model: EffectModel | null = null;

/** The committed model, decoded once. */
export function effectModel(): EffectModel {
  model ??= decodeModel(modelFile as EffectModelFile);
  return model;
}

export function readEffect(query: EffectQuery): EffectReading {
  return readEffectWith(effectModel(), query);
}
