import { h } from '../../core/dom';
import type { ViewContext } from '../../core/router';

export function askView({ outlet }: ViewContext): void {
  outlet.appendChild(h('h1', null, 'Ask a question'));
}
