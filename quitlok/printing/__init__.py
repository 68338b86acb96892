"""Printable sheets for teachers, as PDF: the pack, the rules, the glossary, a worksheet and lesson plans.

Pure Python (fpdf2, no Streamlit), like the rest of the engine: every function
here takes the house rules, a paper size and what else the sheet needs, and
returns the PDF's bytes. Their words come from content/, the same files the
app's pages show, and their numbers from the engine.
"""
