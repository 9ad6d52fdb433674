// The gate screens' decorative background (50 particles). It pauses while the tab is hidden
// and stays still for people who ask for reduced motion.
import { useEffect, useRef } from 'react';
import { PARTICLE_COUNT } from '@nocturna/shared/constants';

type Particle = { x: number; y: number; vx: number; vy: number; r: number; hue: number };

function makeParticles(width: number, height: number): Particle[] {
  return Array.from({ length: PARTICLE_COUNT }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * 0.35,
    vy: (Math.random() - 0.5) * 0.35,
    r: 0.8 + Math.random() * 2.2,
    hue: Math.random() < 0.7 ? 275 : 350,
  }));
}

export function ParticleCanvas({ className = '' }: { className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
    let particles: Particle[] = [];
    let frame = 0;

    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      element.width = element.clientWidth * ratio;
      element.height = element.clientHeight * ratio;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      particles = makeParticles(element.clientWidth, element.clientHeight);
    };
    const draw = () => {
      const { clientWidth: w, clientHeight: h } = element;
      context.clearRect(0, 0, w, h);
      for (const p of particles) {
        context.beginPath();
        context.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        context.fillStyle = `hsla(${p.hue}, 90%, 70%, 0.55)`;
        context.fill();
      }
    };
    const step = () => {
      const { clientWidth: w, clientHeight: h } = element;
      for (const p of particles) {
        p.x = (p.x + p.vx + w) % w;
        p.y = (p.y + p.vy + h) % h;
      }
      draw();
      frame = requestAnimationFrame(step);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      if (reduced.matches || document.hidden) draw();
      else frame = requestAnimationFrame(step);
    };

    resize();
    start();
    const onResize = () => {
      resize();
      start();
    };
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', start);
    reduced.addEventListener('change', start);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', start);
      reduced.removeEventListener('change', start);
    };
  }, []);

  return (
    <canvas
      ref={canvas}
      aria-hidden="true"
      data-particles={PARTICLE_COUNT}
      className={`pointer-events-none absolute inset-0 h-full w-full ${className}`}
    />
  );
}
