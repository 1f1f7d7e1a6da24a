/* global window, document, setTimeout, clearTimeout, URL */
/*
 * A small local stand-in for the Google Maps JavaScript API, served by the station tests
 * at the real script URL through page.route (nothing leaves the machine). It implements
 * what @react-google-maps/api's GoogleMap and @googlemaps/markerclusterer use: Map with
 * centre, zoom, bounds, fitBounds and events; Marker; LatLng(Bounds); OverlayView; event.
 * Markers are <button class="fake-marker"> in the map's element, so tests can read and
 * click them; "+" and "−" buttons zoom. Geometry is Web Mercator, as in the real API.
 */
(() => {
  const registry = new WeakMap();
  function on(instance, name, handler) {
    let events = registry.get(instance);
    if (!events) registry.set(instance, (events = new Map()));
    if (!events.has(name)) events.set(name, new Set());
    const entry = { handler };
    events.get(name).add(entry);
    return { remove: () => events.get(name)?.delete(entry) };
  }
  const event = {
    addListener: on,
    addListenerOnce(instance, name, handler) {
      const listener = on(instance, name, (...args) => {
        listener.remove();
        handler.apply(instance, args);
      });
      return listener;
    },
    addDomListener(element, name, handler) {
      element.addEventListener(name, handler);
      return { remove: () => element.removeEventListener(name, handler) };
    },
    removeListener(listener) {
      listener?.remove();
    },
    clearInstanceListeners(instance) {
      registry.delete(instance);
    },
    clearListeners(instance, name) {
      registry.get(instance)?.delete(name);
    },
    trigger(instance, name, ...args) {
      for (const entry of [...(registry.get(instance)?.get(name) ?? [])]) entry.handler.apply(instance, args);
    },
  };

  class MVCObject {
    addListener(name, handler) {
      return on(this, name, handler);
    }
    set(key, value) {
      this['__' + key] = value;
    }
    get(key) {
      return this['__' + key];
    }
    setValues(values) {
      for (const key of Object.keys(values ?? {})) this.set(key, values[key]);
    }
    bindTo() {}
    unbind() {}
    notify() {}
  }

  class LatLng {
    constructor(lat, lng) {
      if (lat && typeof lat === 'object') {
        this._lat = typeof lat.lat === 'function' ? lat.lat() : lat.lat;
        this._lng = typeof lat.lng === 'function' ? lat.lng() : lat.lng;
      } else {
        this._lat = lat;
        this._lng = lng;
      }
    }
    lat() {
      return this._lat;
    }
    lng() {
      return this._lng;
    }
    equals(other) {
      return !!other && other.lat() === this._lat && other.lng() === this._lng;
    }
    toJSON() {
      return { lat: this._lat, lng: this._lng };
    }
  }
  const toLatLng = (value) => (value instanceof LatLng ? value : new LatLng(value));

  class LatLngBounds {
    constructor(southWest, northEast) {
      this.south = Infinity;
      this.west = Infinity;
      this.north = -Infinity;
      this.east = -Infinity;
      if (southWest && typeof southWest === 'object' && 'south' in southWest && !(southWest instanceof LatLng)) {
        this.extend({ lat: southWest.south, lng: southWest.west });
        this.extend({ lat: southWest.north, lng: southWest.east });
      } else {
        if (southWest) this.extend(southWest);
        if (northEast) this.extend(northEast);
      }
    }
    extend(point) {
      const p = toLatLng(point);
      if (p.lat() == null || p.lng() == null) return this;
      this.south = Math.min(this.south, p.lat());
      this.north = Math.max(this.north, p.lat());
      this.west = Math.min(this.west, p.lng());
      this.east = Math.max(this.east, p.lng());
      return this;
    }
    union(other) {
      if (!other.isEmpty()) this.extend(other.getSouthWest()).extend(other.getNorthEast());
      return this;
    }
    isEmpty() {
      return this.south > this.north;
    }
    getCenter() {
      return new LatLng((this.south + this.north) / 2, (this.west + this.east) / 2);
    }
    getSouthWest() {
      return new LatLng(this.south, this.west);
    }
    getNorthEast() {
      return new LatLng(this.north, this.east);
    }
    contains(point) {
      const p = toLatLng(point);
      return p.lat() >= this.south && p.lat() <= this.north && p.lng() >= this.west && p.lng() <= this.east;
    }
    toJSON() {
      return { south: this.south, west: this.west, north: this.north, east: this.east };
    }
  }

  class Size {
    constructor(width, height) {
      this.width = width;
      this.height = height;
    }
  }
  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
  }

  // Web Mercator world coordinates (0..256 at zoom 0).
  const project = (latLng) => {
    const siny = Math.min(Math.max(Math.sin((latLng.lat() * Math.PI) / 180), -0.9999), 0.9999);
    return new Point(256 * (0.5 + latLng.lng() / 360), 256 * (0.5 - Math.log((1 + siny) / (1 - siny)) / (4 * Math.PI)));
  };
  const unproject = (point) => {
    const n = Math.PI - (2 * Math.PI * point.y) / 256;
    return new LatLng((180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n))), (point.x / 256) * 360 - 180);
  };

  class FakeMap extends MVCObject {
    constructor(element, options = {}) {
      super();
      this.element = element;
      this.center = toLatLng(options.center ?? { lat: 0, lng: 0 });
      this.zoom = options.zoom ?? 3;
      element.classList.add('fake-map');
      element.setAttribute('data-fake-map', '');
      element.style.overflow = 'auto';
      const controls = document.createElement('div');
      controls.className = 'fake-map__controls';
      for (const [label, delta] of [
        ['Zoom in', 1],
        ['Zoom out', -1],
      ]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = delta > 0 ? '+' : '−';
        button.setAttribute('aria-label', label);
        button.style.cssText = 'min-width:32px;min-height:32px';
        button.addEventListener('click', () => this.setZoom(this.zoom + delta));
        controls.append(button);
      }
      this.layer = document.createElement('div');
      this.layer.className = 'fake-map__markers';
      this.layer.style.cssText = 'display:flex;flex-wrap:wrap;gap:4px;padding:4px';
      element.append(controls, this.layer);
      window.__fakeGoogleMaps.maps.push(this);
      this.changed();
    }
    getDiv() {
      return this.element;
    }
    getZoom() {
      return this.zoom;
    }
    setZoom(zoom) {
      this.zoom = Math.max(0, Math.min(22, Math.round(zoom)));
      this.changed();
    }
    getCenter() {
      return this.center;
    }
    setCenter(center) {
      this.center = toLatLng(center);
      this.changed();
    }
    panTo(center) {
      this.setCenter(center);
    }
    setOptions(options = {}) {
      if (options.center) this.center = toLatLng(options.center);
      if (typeof options.zoom === 'number') this.zoom = options.zoom;
      this.changed();
    }
    size() {
      return { width: this.element.clientWidth || 640, height: this.element.clientHeight || 400 };
    }
    getBounds() {
      const { width, height } = this.size();
      const scale = 2 ** this.zoom;
      const centre = project(this.center);
      return new LatLngBounds(
        unproject(new Point(centre.x - width / 2 / scale, centre.y + height / 2 / scale)),
        unproject(new Point(centre.x + width / 2 / scale, centre.y - height / 2 / scale)),
      );
    }
    fitBounds(bounds, padding = 0) {
      const box = bounds instanceof LatLngBounds ? bounds : new LatLngBounds(bounds);
      if (box.isEmpty()) return;
      const pad = typeof padding === 'number' ? padding : 0;
      // Read by the tests: the padding the clusterer and the map asked for.
      this.element.dataset.fitPadding = String(pad);
      const { width, height } = this.size();
      const ne = project(box.getNorthEast());
      const sw = project(box.getSouthWest());
      const spanX = Math.max(ne.x - sw.x, 1e-9);
      const spanY = Math.max(sw.y - ne.y, 1e-9);
      const zoom = Math.floor(Math.log2(Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY)));
      this.center = box.getCenter();
      this.zoom = Math.max(0, Math.min(21, zoom));
      this.changed();
    }
    getProjection() {
      return { fromLatLngToPoint: (latLng) => project(toLatLng(latLng)), fromPointToLatLng: unproject };
    }
    getMapCapabilities() {
      return { isAdvancedMarkersAvailable: false, isDataDrivenStylingAvailable: false };
    }
    changed() {
      this.element.dataset.zoom = String(this.zoom);
      event.trigger(this, 'zoom_changed');
      event.trigger(this, 'bounds_changed');
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => event.trigger(this, 'idle'), 0);
    }
  }

  class Marker extends MVCObject {
    constructor(options = {}) {
      super();
      this.options = options;
      this.position = options.position ? toLatLng(options.position) : null;
      this.map = null;
      this.button = null;
      if (options.map) this.setMap(options.map);
    }
    getPosition() {
      return this.position;
    }
    setPosition(position) {
      this.position = toLatLng(position);
    }
    getVisible() {
      return true;
    }
    getMap() {
      return this.map;
    }
    getTitle() {
      return this.options.title;
    }
    getLabel() {
      return this.options.label;
    }
    setMap(map) {
      this.button?.remove();
      this.button = null;
      this.map = map;
      if (!map) return;
      const label = typeof this.options.label === 'string' ? this.options.label : this.options.label?.text;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fake-marker';
      button.style.cssText = 'min-width:28px;min-height:28px';
      button.dataset.kind = label ? 'cluster' : 'marker';
      if (label) button.dataset.count = label;
      if (this.get('clusterColour')) button.dataset.colour = this.get('clusterColour');
      button.textContent = label ?? '•';
      button.setAttribute('aria-label', this.options.title ?? label ?? 'marker');
      button.addEventListener('click', (domEvent) => event.trigger(this, 'click', { domEvent, latLng: this.position }));
      map.layer.append(button);
      this.button = button;
    }
  }

  // The clusterer copies OverlayView's prototype with for…in (enumerable properties only).
  function OverlayView() {}
  OverlayView.prototype.setMap = function (map) {
    const previous = this.__overlayMap;
    this.__overlayMap = map;
    if (previous && previous !== map) this.onRemove?.();
    if (map) {
      this.onAdd?.();
      this.draw?.();
    }
  };
  OverlayView.prototype.getMap = function () {
    return this.__overlayMap ?? null;
  };
  OverlayView.prototype.getPanes = function () {
    return { overlayMouseTarget: document.createElement('div'), markerLayer: document.createElement('div') };
  };
  OverlayView.prototype.getProjection = function () {
    return {
      fromLatLngToDivPixel: (latLng) => project(toLatLng(latLng)),
      fromDivPixelToLatLng: (point) => unproject(point),
      fromLatLngToContainerPixel: (latLng) => project(toLatLng(latLng)),
    };
  };

  window.google = {
    maps: {
      Map: FakeMap,
      Marker,
      LatLng,
      LatLngBounds,
      Size,
      Point,
      OverlayView,
      MVCObject,
      event,
      marker: { AdvancedMarkerElement: class AdvancedMarkerElement {} },
      places: {},
      version: 'fake',
    },
  };
  window.__fakeGoogleMaps = { loadedFrom: document.currentScript?.src ?? null, maps: [] };
  const callback = document.currentScript ? new URL(document.currentScript.src).searchParams.get('callback') : null;
  if (callback && typeof window[callback] === 'function') window[callback]();
})();
