// A canvas drawing (Cytoscape) sizes its canvases in pixels when it is drawn; when its container narrows
// (a phone turned, a window made smaller) they would stick out of it and make the page scroll sideways
// (issue 30: 766 px at 390 px wide). Redrawn at the container's size as soon as the container changes.
export function followContainerSize(container: HTMLElement, resize: () => void, signal?: AbortSignal): void {
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => resize());
  observer.observe(container);
  signal?.addEventListener('abort', () => observer.disconnect(), { once: true });
}
