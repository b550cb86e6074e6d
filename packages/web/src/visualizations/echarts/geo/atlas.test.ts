import { describe, expect, it } from 'vitest';
import worldTopology from 'world-atlas/countries-110m.json';
import { baseLayer } from './baseShapes';
import { usStatesAlbers } from './usShapes';
import { worldCountries } from './worldShapes';
import { WORLD_SHAPES } from '../worldMap/shapes';

describe('world atlas shapes', () => {
  const world = worldCountries();

  it('every country shape is keyed by its ISO alpha-3 code, except three disputed areas; no Antarctica', () => {
    const unmatched = world.features.map((f) => f.properties.name).filter((n) => !/^[A-Z]{3}$/.test(n));
    expect(unmatched.sort()).toEqual(['N. Cyprus', 'Somaliland']);
    expect(world.features.find((f) => f.properties.name === 'ATA')).toBeUndefined();
    expect(world.features.find((f) => f.properties.name === 'XKX')?.properties.label).toBe('Kosovo');
    expect(world.features.find((f) => f.properties.name === 'USA')?.properties.label).toBe('United States');
    expect(world.features).toHaveLength(worldTopology.objects.countries.geometries.length - 1);
  });

  it('the list of countries with a shape (the others are drawn as dots) is the atlas', () => {
    const keys = world.features.map((f) => f.properties.name).filter((n) => /^[A-Z]{3}$/.test(n));
    expect(new Set(keys)).toEqual(WORLD_SHAPES);
  });
});

describe('US states', () => {
  it('Albers USA: the 50 states and DC keyed by ISO 3166-2, named', () => {
    const states = usStatesAlbers().features.map((f) => f.properties);
    expect(states).toHaveLength(51);
    expect(states.every((s) => /^US-[A-Z]{2}$/.test(s.name))).toBe(true);
    expect(states.find((s) => s.name === 'US-CA')?.label).toBe('California');
  });

  it('the point map base layer: the world without the US outline, with US states and territories', () => {
    const names = baseLayer().features.map((f) => f.properties.name);
    expect(names).not.toContain('USA');
    expect(names).toContain('CAN');
    expect(names).toContain('US-TX');
    expect(names).toContain('US-PR');
  });
});
