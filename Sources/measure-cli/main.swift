import TemplateLayout
// measure-cli arrives with issue 4.
