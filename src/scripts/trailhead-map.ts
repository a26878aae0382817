/// <reference types="google.maps" />
/**
 * The trailhead map: Google Maps, loaded only with a key and only once the section scrolls into
 * view. States: not loaded, loading, loaded, failed (the list stays), auth failure (the message).
 */
import { PUBLIC_GOOGLE_MAPS_API_KEY } from 'astro:env/client';
import { mapView, trailheads } from '../../shared/company/site.ts';

export type MapState = 'not-loaded' | 'loading' | 'loaded' | 'failed' | 'auth-failure';

export function mapsApiKey(): string | null {
  return PUBLIC_GOOGLE_MAPS_API_KEY?.trim() || null;
}

export function mountMapWhenVisible(container: HTMLElement, apiKey: string): void {
  const setState = (state: MapState) => (container.dataset['state'] = state);
  setState('not-loaded');
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void load();
    },
    { threshold: 0 },
  );
  observer.observe(container);

  async function load() {
    setState('loading');
    // Google calls this when it rejects the key, possibly after the map was drawn: the note shows,
    // and the trailhead list comes back under it.
    (window as Window & { gm_authFailure?: () => void }).gm_authFailure = () => {
      setState('auth-failure');
      container.querySelector('.map-canvas')?.remove();
      container.querySelector<HTMLElement>('[data-map-error]')?.removeAttribute('hidden');
      container.querySelector<HTMLElement>('[data-map-fallback]')?.classList.remove('below-map');
    };
    try {
      const { setOptions, importLibrary } = await import('@googlemaps/js-api-loader');
      setOptions({ key: apiKey, v: 'weekly' });
      const [{ Map }, { Marker }] = await Promise.all([
        importLibrary('maps') as Promise<google.maps.MapsLibrary>,
        importLibrary('marker') as Promise<google.maps.MarkerLibrary>,
      ]);
      if (container.dataset['state'] === 'auth-failure') return;
      const canvas = document.createElement('div');
      canvas.className = 'map-canvas';
      container.prepend(canvas);
      const map = new Map(canvas, { center: mapView.center, zoom: mapView.zoom });
      for (const trailhead of trailheads) new Marker({ map, position: { lat: trailhead.lat, lng: trailhead.lng }, title: trailhead.name });
      container.querySelector<HTMLElement>('[data-map-fallback]')?.classList.add('below-map');
      setState('loaded');
    } catch (error) {
      console.warn('The map could not load; showing the trailhead list instead', error);
      setState('failed');
    }
  }
}
