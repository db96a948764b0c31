import { useFieldProblems } from './FieldProblems.js';

/** A number field with its label and the API's problems at `path`; empty reads as undefined. */
export function NumberField(props: {
  id: string;
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  placeholder?: string;
  path: string;
  onChange(value: number | undefined): void;
}) {
  const { id, label, value, min, max, placeholder, path, onChange } = props;
  const { fieldProps, messages } = useFieldProblems(path);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        value={value ?? ''}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        {...fieldProps}
      />
      {messages}
    </div>
  );
}
