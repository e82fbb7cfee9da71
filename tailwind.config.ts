import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        marca: { 50: "#eef6ff", 100: "#d9eaff", 600: "#1d5fd1", 700: "#184db0", 900: "#122e66" },
      },
    },
  },
} satisfies Config;
