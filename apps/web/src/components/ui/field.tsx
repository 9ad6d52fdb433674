// Every form field of the app: a label, its control, and one note under it (the error when there is one, else the
// hint). The control is wired for screen readers: the label names it, aria-invalid marks it in error (a red
// border, so the field in error is visible before its message is read), aria-describedby points at the note, and
// an error is announced (role="alert"). The controls (Input, TextArea, Select) carry the shared styles.
import {
  cloneElement,
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { focusRing } from '../focus-ring.ts';

const control = `w-full rounded-xl border border-white/10 bg-night-800 px-3 text-white placeholder:text-white/30 aria-[invalid=true]:border-flame-500 ${focusRing}`;

export const inputClass = `h-11 ${control}`;
export const textareaClass = `min-h-24 py-2 ${control}`;
export const selectClass = `h-11 ${control}`;

type Control = ReactElement<{
  id?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}>;

type FieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: Control;
  className?: string;
  // A control inside the field's right edge that takes clicks (the password field's show/hide button).
  action?: ReactNode;
  // A decoration inside the field's right edge that lets clicks through to the control (a unit, a spinner).
  trailing?: ReactNode;
};

export function Field({ label, error, hint, children, className = '', action, trailing }: FieldProps) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const noteId = `${id}-note`;
  const note = error || hint;
  const described = [children.props['aria-describedby'], note ? noteId : undefined].filter(Boolean).join(' ');
  const inside = action || trailing;
  const wired = cloneElement(children, {
    id,
    // Room for what sits inside the right edge, so typed text never runs under it.
    ...(inside ? { className: `${children.props.className ?? ''} pr-12` } : {}),
    'aria-invalid': Boolean(error),
    'aria-describedby': described || undefined,
  });
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-white/80">
        {label}
      </label>
      {inside ? (
        <div className="relative">
          {wired}
          {action && <span className="absolute inset-y-0 right-1 flex items-center">{action}</span>}
          {trailing && (
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center">
              {trailing}
            </span>
          )}
        </div>
      ) : (
        wired
      )}
      {note && (
        <div
          id={noteId}
          className={error ? 'text-sm text-flame-500' : 'text-xs text-white/50'}
          role={error ? 'alert' : undefined}
        >
          {error || hint}
        </div>
      )}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className = '', ...rest },
  ref,
) {
  return <input ref={ref} className={`${inputClass} ${className}`} {...rest} />;
});

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ className = '', ...rest }, ref) {
    return <textarea ref={ref} className={`${textareaClass} ${className}`} {...rest} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className = '', ...rest },
  ref,
) {
  return <select ref={ref} className={`${selectClass} ${className}`} {...rest} />;
});
